import { useSearchParams } from 'react-router';
import { NEW_PARAM, WINDOW_PARAM } from '../links';
import { NewWindowForm } from './new-window-form';
import { WindowView } from './window-view';
import { WindowsList } from './windows-list';

/** /ventanas: the list, the form of a new window (`?nueva`) or one window (`?ventana=<id>`). */
export function WindowsPage({ userKey }: { userKey: string }) {
  const [params] = useSearchParams();
  const windowId = params.get(WINDOW_PARAM);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      {windowId !== null && windowId !== '' ? (
        <WindowView key={windowId} userKey={userKey} windowId={windowId} />
      ) : params.has(NEW_PARAM) ? (
        <NewWindowForm userKey={userKey} />
      ) : (
        <WindowsList userKey={userKey} />
      )}
    </div>
  );
}
