import { useLocation } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { SolarImagery } from './SolarImagery.tsx';

/** /sdo-test: the current pathname and the solar imagery component, for checking routing. */
function SdoTestPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Solar Data Test" wide>
      <p className="card">
        Current pathname: <code data-testid="pathname">{pathname}</code>
      </p>
      <SolarImagery />
    </Page>
  );
}
export default SdoTestPage;
