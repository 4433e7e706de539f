import { usePwaUpdate } from '../../pwa/usePwaUpdate.ts';
import { UpdateNotices } from './UpdateNotices.tsx';

/** Connects the update notices to the service worker's state (src/pwa). */
export function UpdateControl() {
  const { updateAvailable, updateNow, later } = usePwaUpdate();
  return (
    <UpdateNotices
      updateAvailable={updateAvailable}
      onLater={later}
      onUpdateNow={() => void updateNow()}
    />
  );
}
