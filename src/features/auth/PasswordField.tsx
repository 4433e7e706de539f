/**
 * A password input with its suggestions listed under it (each once, in plain words) and tied to
 * it for screen readers. Used by sign-in, sign-up and the new-password step.
 */
export function PasswordField(props: {
  id: string;
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  hints: readonly string[];
}) {
  const { id, hints } = props;
  return (
    <div className="auth-form__field">
      <label htmlFor={`${id}-password`}>{props.label}</label>
      <input
        id={`${id}-password`}
        type="password"
        name={props.name}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={hints.length ? `${id}-hints` : undefined}
      />
      {hints.length ? (
        <ul id={`${id}-hints`} className="auth-form__hints" aria-label="Password suggestions">
          {hints.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
