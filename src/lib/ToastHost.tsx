import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { TOAST_LIFE_MS, type Message } from './toastMessage';
import { Prime } from '../components/Prime';

/** 3000 ms unless sticky, top right, 25rem wide, 300 ms in and 200 ms out. */
export default function ToastHost({ queue, onShown }: { queue: Message[]; onShown: (n: number) => void }) {
  const ref = useRef<Toast>(null);
  useEffect(() => {
    if (!queue.length || !ref.current) return;
    ref.current.show(
      queue.map((m) => ({
        severity: m.severity,
        summary: m.summary,
        detail: m.detail,
        life: m.life ?? TOAST_LIFE_MS,
        sticky: m.sticky,
        closable: m.closable ?? true,
        id: m.key,
      })),
    );
    onShown(queue.length);
  }, [queue, onShown]);
  return (
    <Prime>
      <Toast
        ref={ref}
        position="top-right"
        className="portal-toast"
        transitionOptions={{ timeout: { enter: 300, exit: 200 } }}
      />
    </Prime>
  );
}
