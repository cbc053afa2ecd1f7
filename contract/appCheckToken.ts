// The App Check token an emulator run's page makes for itself (contract/appCheck.ts): apart, so that
// the landing page never carries it.

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * An emulator run's App Check token for the app `appId` ("1:<project number>:web:…"), valid for an
 * hour from `now`: unsigned, so only the functions emulator (which decodes tokens without checking
 * them) accepts it.
 */
export function emulatorAppCheckToken(appId: string, now = Date.now()): { token: string; expireTimeMillis: number } {
  const projectNumber = appId.split(':')[1] ?? '0';
  const iat = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: appId, iss: `https://firebaseappcheck.googleapis.com/${projectNumber}`, aud: [`projects/${projectNumber}`], iat, exp: iat + 3600 }));
  return { token: `${header}.${payload}.`, expireTimeMillis: (iat + 3600) * 1000 };
}
