import { Page } from '../../ui/Page.tsx';
import { SolarImagery } from './SolarImagery.tsx';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

/** /sdo — what the Sun looks like now, in the wavelengths that show flares and coronal holes. */
function SdoPage() {
  return (
    <Page
      title={ROUTE_TEXT['/sdo'].title}
      lead={ROUTE_TEXT['/sdo'].lead}
      wide={ROUTE_TEXT['/sdo'].wide}
    >
      <SolarImagery />
    </Page>
  );
}
export default SdoPage;
