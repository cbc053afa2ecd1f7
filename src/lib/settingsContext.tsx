import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useEmulators } from './firebaseConfig';
import { fetchSettings, SETTINGS_DEFAULTS, type Settings } from './settings';

const SettingsContext = createContext<Settings>(SETTINGS_DEFAULTS);

export function SettingsProvider({ children, initial }: { children: ReactNode; initial?: Settings }) {
  const [settings, setSettings] = useState<Settings>(initial ?? SETTINGS_DEFAULTS);
  useEffect(() => {
    // Remote Config has no emulator: local runs keep the in-code defaults.
    if (initial || useEmulators) return;
    let live = true;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1500));
    idle(() => {
      fetchSettings().then((s) => live && setSettings(s), () => undefined);
    });
    return () => {
      live = false;
    };
  }, [initial]);
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}

export const useSettings = () => useContext(SettingsContext);
