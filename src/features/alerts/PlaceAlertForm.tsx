import { QuietHoursField, type QuietHoursChoice } from './QuietHoursField.tsx';

export interface PlaceAlertChoice {
  on: boolean;
  allClear: boolean;
  /** Local clock times in `timeZone`; null: no quiet hours. */
  quiet: QuietHoursChoice | null;
}

/**
 * "Tell me when aurora is likely visible here": one saved place's alert — on or off, an all-clear
 * when it is over, quiet hours on the place's clock — and how it reaches this person. State and
 * side effects come in as props.
 */
export function PlaceAlertForm({
  placeName,
  timeZone,
  choice,
  delivery,
  busy,
  error,
  onChange,
}: {
  placeName: string;
  /** The IANA zone quiet hours are read in; null while it is being worked out. */
  timeZone: string | null;
  choice: PlaceAlertChoice;
  delivery: { text: string; works: boolean } | null;
  busy: boolean;
  error: string | null;
  onChange(next: PlaceAlertChoice): void;
}) {
  return (
    <fieldset className="place-alert" disabled={busy}>
      <legend className="place-alert__legend">Alerts for {placeName}</legend>
      <label>
        <input
          type="checkbox"
          checked={choice.on}
          onChange={(e) => onChange({ ...choice, on: e.target.checked })}
        />{' '}
        Tell me when aurora is likely visible here now (dark, clear enough, aurora in view)
      </label>
      {choice.on ? (
        <>
          <label>
            <input
              type="checkbox"
              checked={choice.allClear}
              onChange={(e) => onChange({ ...choice, allClear: e.target.checked })}
            />{' '}
            Tell me when it is over (“all clear”)
          </label>
          <QuietHoursField
            quiet={choice.quiet}
            timeZone={timeZone}
            onChange={(quiet) => onChange({ ...choice, quiet })}
          />
          {delivery ? (
            <p className={delivery.works ? 'muted' : 'place-alert__warning'} role="status">
              {delivery.text}
            </p>
          ) : null}
        </>
      ) : null}
      {error ? (
        <p className="settings-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
