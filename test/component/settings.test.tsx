import 'fake-indexeddb/auto';
import { initializeApp } from 'firebase/app';
import { getRemoteConfig } from 'firebase/remote-config';
import { describe, expect, it } from 'vitest';
import {
  configureRemoteConfig,
  readSettings,
  REMOTE_CONFIG_FETCH_TIMEOUT_MS,
  REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  SETTINGS_DEFAULTS,
} from '../../src/lib/settings';

// Remote Config has no emulator: its network is the one thing mocked, through the SDK's own
// initialFetchResponse (values as if fetched) or by being offline (the fetch fails).
const app = (name: string) =>
  initializeApp({ apiKey: 'demo-key', projectId: 'demo-portal', appId: '1:1:web:1', authDomain: 'x' }, name);

describe('settings from Remote Config', () => {
  it('uses the specification’s fetch timeout (60 s) and minimum interval (12 h)', () => {
    const rc = getRemoteConfig(app('timings'));
    configureRemoteConfig(rc);
    expect(rc.settings.fetchTimeoutMillis).toBe(60_000);
    expect(rc.settings.minimumFetchIntervalMillis).toBe(12 * 60 * 60 * 1000);
    expect(REMOTE_CONFIG_FETCH_TIMEOUT_MS).toBe(60_000);
    expect(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS).toBe(43_200_000);
  });

  it('reads fetched values for every key, defaults for keys not in the template', async () => {
    const rc = getRemoteConfig(app('fetched'), {
      initialFetchResponse: {
        config: { support_email: 'office@school.test', site_banner: 'Snow day **Friday**' },
        status: 200,
        eTag: 'etag-1',
        templateVersion: 7,
      },
    });
    configureRemoteConfig(rc);
    const settings = await readSettings(rc);
    expect(settings.support_email).toBe('office@school.test');
    expect(settings.site_banner).toBe('Snow day **Friday**');
    expect(settings.venmo_handle).toBe(SETTINGS_DEFAULTS.venmo_handle);
  });

  it('keeps the in-code defaults silently when the fetch fails (offline)', async () => {
    const rc = getRemoteConfig(app('offline'));
    configureRemoteConfig(rc);
    rc.settings.fetchTimeoutMillis = 2000;
    await expect(readSettings(rc)).resolves.toEqual(SETTINGS_DEFAULTS);
  });
});
