// Site-wide settings from Remote Config, with in-code defaults. The app never waits for them.
import type { RemoteConfig } from 'firebase/remote-config';
import { DEFAULT_PAYMENT_INSTRUCTIONS } from '../../contract/settings';

export const SETTINGS_DEFAULTS = {
  support_email: 'office@wildwood-outdoor.example',
  privacy_policy_url: 'https://wildwood-outdoor.example/privacy',
  // The school's teaching units live on its own site; until the office gives that address, the menu's
  // entry opens the Help page's note on it (a working page, never a dead link).
  student_units_url: '/help#student-units',
  venmo_handle: 'WildwoodOutdoorSchool',
  payment_instructions: DEFAULT_PAYMENT_INSTRUCTIONS,
  site_banner: '',
  school_address: '1200 Redwood Trail, Wildwood, CA 95000',
  school_tax_id: '94-0000000',
};
export type Settings = typeof SETTINGS_DEFAULTS;
export type SettingKey = keyof Settings;

/** Fetch timeout 60 s, minimum fetch interval 12 hours. */
export const REMOTE_CONFIG_FETCH_TIMEOUT_MS = 60_000;
export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 12 * 60 * 60 * 1000;

export function configureRemoteConfig(rc: RemoteConfig): void {
  rc.settings = {
    fetchTimeoutMillis: REMOTE_CONFIG_FETCH_TIMEOUT_MS,
    minimumFetchIntervalMillis: REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  };
  rc.defaultConfig = { ...SETTINGS_DEFAULTS };
}

/** Fetches and activates, then reads every key; a failed fetch silently keeps the defaults. */
export async function readSettings(rc: RemoteConfig): Promise<Settings> {
  const { fetchAndActivate, getValue } = await import('firebase/remote-config');
  await fetchAndActivate(rc).catch(() => false);
  const out = { ...SETTINGS_DEFAULTS };
  for (const key of Object.keys(SETTINGS_DEFAULTS) as SettingKey[]) out[key] = getValue(rc, key).asString();
  return out;
}

export async function fetchSettings(): Promise<Settings> {
  const [{ getRemoteConfig }, { firebaseApp }] = await Promise.all([
    import('firebase/remote-config'),
    import('./firebaseApp'),
  ]);
  const rc = getRemoteConfig(firebaseApp());
  configureRemoteConfig(rc);
  return readSettings(rc);
}
