// The App Check token the calls that take what families race for carry (contract/appCheck.ts). This
// module and Firebase's App Check client load only when a family first makes such a call (a checkout,
// a round's entry, a donation): never on the landing page.
import { CustomProvider, getToken, initializeAppCheck, ReCaptchaEnterpriseProvider, type AppCheck } from 'firebase/app-check';
import { emulatorAppCheckToken } from '../../contract/appCheckToken';
import { firebaseApp } from './firebaseApp';
import { firebaseConfig, useEmulators } from './firebaseConfig';

const emulatorToken = () => emulatorAppCheckToken(firebaseConfig.appId);

let appCheck: AppCheck | undefined;

/** A token for this browser (cached and refreshed by Firebase), or, in Node (the emulator tests), an emulator token. */
export async function appCheckToken(): Promise<string> {
  // `useEmulators` first: a production build then carries nothing of the emulators' token.
  if (useEmulators && typeof window === 'undefined') return emulatorToken().token;
  appCheck ??= initializeAppCheck(firebaseApp(), {
    // On the emulators there is no Google to ask: a token the functions emulator reads without checking.
    provider: useEmulators ? new CustomProvider({ getToken: async () => emulatorToken() }) : new ReCaptchaEnterpriseProvider(import.meta.env.VITE_RECAPTCHA_SITE_KEY ?? ''),
    isTokenAutoRefreshEnabled: true,
  });
  // A provider that fails still answers (a token the server refuses, with words saying what to do).
  return (await getToken(appCheck)).token;
}
