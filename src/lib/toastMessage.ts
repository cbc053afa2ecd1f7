// What a toast says and how long it stays: read by the provider (toast.tsx) and by the PrimeReact
// host it loads with the first message (ToastHost.tsx), so that the host never imports the provider.

/** A toast message. */
export interface Message {
  detail: string;
  summary?: string;
  severity: 'success' | 'info' | 'warn' | 'error';
  life?: number;
  sticky?: boolean;
  closable?: boolean;
  key?: string;
}

export const TOAST_LIFE_MS = 3000;
