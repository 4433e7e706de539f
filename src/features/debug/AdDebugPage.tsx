import { Page } from '../../ui/Page.tsx';
import { AdSettingsDashboard } from './AdSettingsDashboard.tsx';
import './debug.css';

/** /debug/ads (debug mode only): why ads do or do not load here, and the flags that decide it. */
export default function AdDebugPage() {
  return (
    <Page
      title="Ad Debug"
      lead="The ad gate of this browser: flags, consent, ad-blocker detection and the five slots."
    >
      <div className="debug-page">
        <AdSettingsDashboard />
      </div>
    </Page>
  );
}
