// The toast area (top right). PrimeReact's Toast is loaded with the first message.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../components/Button';
import { OnDemand } from '../components/OnDemand';
import type { Message } from './toastMessage';

export type { Message };

/** The same message again within this time (two calls failing together) is shown once. */
const REPEAT_WINDOW_MS = 2000;

const ToastHost = lazy(() => import('./ToastHost'));
const NotifyContext = createContext<(m: Message) => void>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Message[]>([]);
  const [started, setStarted] = useState(false);
  const recent = useRef(new Map<string, number>());
  const notify = useCallback((m: Message) => {
    const key = `${m.severity}|${m.summary ?? ''}|${m.detail}`;
    const now = Date.now();
    if (now - (recent.current.get(key) ?? -Infinity) < REPEAT_WINDOW_MS) return;
    recent.current.set(key, now);
    setStarted(true);
    setQueue((q) => [...q, m]);
  }, []);
  const taken = useCallback((n: number) => setQueue((q) => q.slice(n)), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      {started && (
        <OnDemand fallback={<PlainToasts queue={queue} onShown={taken} />}>
          <Suspense fallback={null}>
            <ToastHost queue={queue} onShown={taken} />
          </Suspense>
        </OnDemand>
      )}
    </NotifyContext.Provider>
  );
}

/**
 * The messages in plain words when the toasts' code could not be downloaded (no signal): what the
 * portal says is never lost, a failed call's message least of all. They stay until closed.
 */
function PlainToasts({ queue, onShown }: { queue: Message[]; onShown: (n: number) => void }) {
  if (!queue.length) return null;
  return (
    <div className="empty-panel on-demand-failed" role="alert">
      {queue.map((m, i) => (
        <p key={m.key ?? i} className={`plain-toast plain-toast-${m.severity}`}>
          {m.summary && <strong>{m.summary}: </strong>}
          {m.detail}
        </p>
      ))}
      <Button variant="outlined" onClick={() => onShown(queue.length)}>
        Close
      </Button>
    </div>
  );
}

export const useNotify = () => useContext(NotifyContext);
