import { Page } from '../../ui/Page.tsx';
import { SolarImagery } from './SolarImagery.tsx';

/** /sdo — what the Sun looks like now, in the wavelengths that show flares and coronal holes. */
function SdoPage() {
  return (
    <Page
      title="Solar Data"
      lead="The Sun in extreme ultraviolet and visible light from NASA's Solar Dynamics Observatory."
      wide
    >
      <SolarImagery />
    </Page>
  );
}
export default SdoPage;
