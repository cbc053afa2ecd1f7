// Everything the Firebase emulators need to run offline on these machines (see README "Emulators").
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cspHeader, withConnect } from '../build/csp.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EMULATORS = JSON.parse(readFileSync(join(ROOT, 'contract/emulators.json'), 'utf8'));
/**
 * How far this process's stack is shifted from contract/emulators.json's ports (contract/emulatorPorts.ts
 * says the same for TypeScript): 0, or the second stack's offset beside the first.
 */
export const PORT_OFFSET = Number(process.env.PORTAL_PORT_OFFSET ?? 0);
/** How far the second stack's ports are from the first's (scripts/emulators/secondStack.mjs). */
export const SECOND_STACK_OFFSET = EMULATORS.secondStack.portOffset;
/** The demo project and this stack's ports, from contract/emulators.json (their one definition). */
export const PROJECT_ID = EMULATORS.projectId;
export const PORTS = Object.fromEntries(Object.entries(EMULATORS.ports).map(([name, port]) => [name, port + PORT_OFFSET]));
export const STRIPE_PORT = EMULATORS.stripeStandIn.port + PORT_OFFSET;
export const FIREBASE_BIN = join(ROOT, 'tools/emulators/node_modules/.bin/firebase');
/**
 * `firebase <args>` for the emulators, as the command and arguments to spawn: firebase-tools under
 * Node with the Auth emulator compiling its schemas as they are used (lazyAuthSchemas.mjs).
 */
export const firebaseEmulators = (args) => [process.execPath, ['--import', pathToFileURL(join(ROOT, 'scripts/emulators/lazyAuthSchemas.mjs')).href, FIREBASE_BIN, ...args]];
/** The machine image's Firestore emulator (Debian's google-cloud-cli-firestore-emulator): used where present, offline. */
export const IMAGE_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const FIRESTORE_JAR = process.env.PORTAL_FIRESTORE_JAR ?? IMAGE_FIRESTORE_JAR;
const CACHE = join(ROOT, '.cache/emulators');

function javaMajor(javaBin) {
  const run = spawnSync(javaBin, ['-version'], { encoding: 'utf8' });
  return parseMajor(`${run.stdout ?? ''}${run.stderr ?? ''}`);
}
function parseMajor(text) {
  const m = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!m) return 0;
  return m[1] === '1' ? Number(m[2]) : Number(m[1]);
}

/**
 * A JDK >= 21 for firebase-tools 15: one under /usr/lib/jvm or on the PATH; else, for the image's
 * emulator only (`shim`), a shim that reports 21 and runs the system java (that emulator runs on 17).
 */
function javaBinDir(shimAllowed = true) {
  const jvm = '/usr/lib/jvm';
  if (existsSync(jvm)) {
    for (const name of readdirSync(jvm).sort().reverse()) {
      const bin = join(jvm, name, 'bin');
      if (existsSync(join(bin, 'java')) && javaMajor(join(bin, 'java')) >= 21) return bin;
    }
  }
  const systemJava = execFileSync('sh', ['-c', 'command -v java || true'], { encoding: 'utf8' }).trim();
  if (systemJava && javaMajor(systemJava) >= 21) return dirname(systemJava);
  if (!systemJava || !shimAllowed) fail('The Firebase emulators need Java 21 or newer. Install it (e.g. Temurin 21 from adoptium.net, or: apt-get install -y openjdk-21-jre-headless) and try again.');
  const shimDir = join(CACHE, 'java-shim');
  mkdirSync(shimDir, { recursive: true });
  const shim = join(shimDir, 'java');
  writeIfChanged(
    shim,
    `#!/bin/sh\n# firebase-tools 15 refuses Java < 21 by its -version text; the Firestore emulator runs fine on 17.\n` +
      `if [ "$1" = "-version" ]; then echo 'openjdk version "21.0.0"' >&2; exit 0; fi\nexec ${systemJava} "$@"\n`,
  );
  chmodSync(shim, 0o755);
  return shimDir;
}

/** Writes a file only when its text changes: two emulator stacks starting at once never see it half-written. */
function writeIfChanged(path, text) {
  if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
}

function fail(message) {
  console.error(`\n[emulators] ${message}\n`);
  process.exit(2);
}

/**
 * Which Firestore emulator a run uses: the image's jar where it is (offline machines: no download),
 * else firebase-tools' own, which it downloads once and keeps (any machine with the network).
 */
export function chooseFirestoreEmulator(jar = FIRESTORE_JAR) {
  return existsSync(jar) ? { source: 'image', jar } : { source: 'firebase-tools' };
}

/** Builds (once) the launcher jar that runs the image's Firestore emulator. */
function firestoreLauncherJar(javaBin) {
  const jar = join(CACHE, 'firestore-launcher.jar');
  if (existsSync(jar)) return jar;
  const build = join(CACHE, 'launcher-build');
  mkdirSync(build, { recursive: true });
  const javac = join(javaBin, 'javac');
  execFileSync(existsSync(javac) ? javac : 'javac', [
    '--release', '17', '-d', build, join(ROOT, 'scripts/emulators/FirestoreLauncher.java'),
  ]);
  writeFileSync(
    join(build, 'MANIFEST.MF'),
    `Main-Class: FirestoreLauncher\nClass-Path: ${pathToFileURL(FIRESTORE_JAR).href}\n`,
  );
  const jarTool = existsSync(join(javaBin, 'jar')) ? join(javaBin, 'jar') : 'jar';
  execFileSync(jarTool, ['cfm', jar, join(build, 'MANIFEST.MF'), '-C', build, 'FirestoreLauncher.class']);
  return jar;
}

/**
 * The functions' parameters on the emulators, every one of them given: one left to its default is
 * written into functions/.env.local by firebase-tools as a stack starts, and a second stack starting
 * at the same moment then stops on "already defined" (its functions never load).
 */
export const EMULATOR_PARAMS = `PORTAL_URL=http://localhost:${PORTS.hosting}\nAPI_MIN_INSTANCES=0\n`;

export function emulatorEnv(base = process.env) {
  if (!existsSync(FIREBASE_BIN)) {
    fail('firebase-tools is not installed. Run `npm install` at the project root first.');
  }
  mkdirSync(CACHE, { recursive: true });
  // The functions emulator reads defineSecret values from here: the stand-in's test keys, never real ones.
  const stripe = EMULATORS.stripeStandIn;
  writeIfChanged(join(ROOT, 'functions/.secret.local'), `STRIPE_SECRET_KEY=${stripe.secretKey}\nSTRIPE_WEBHOOK_SECRET=${stripe.webhookSecret}\n`);
  // …and parameters from here (a deploy asks for PORTAL_URL or reads it from functions/.env.<project>).
  writeIfChanged(join(ROOT, 'functions/.env.local'), EMULATOR_PARAMS);
  const firestore = chooseFirestoreEmulator();
  const javaBin = javaBinDir(firestore.source === 'image');
  if (firestore.source === 'firebase-tools') console.log(`[emulators] No Firestore emulator at ${FIRESTORE_JAR}: firebase-tools' own is used (downloaded the first time).`);
  return {
    ...base,
    PATH: `${javaBin}:${base.PATH}`,
    ...firestoreEmulatorEnv(firestore, () => firestoreLauncherJar(javaBin)),
    METADATA_SERVER_DETECTION: 'none',
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    NO_UPDATE_NOTIFIER: '1',
    FIREBASE_CLI_EXPERIMENTS: base.FIREBASE_CLI_EXPERIMENTS ?? '',
    // The functions emulator starts one Node worker per concurrent request; thirty at once on two
    // cores can take longer than its 30 s start limit, and a request whose worker missed it is never
    // answered (firebase-tools logs "Failed to load function." and drops it). Seconds.
    FUNCTIONS_DISCOVERY_TIMEOUT: base.FUNCTIONS_DISCOVERY_TIMEOUT ?? '180',
    // How many requests the functions emulator runs at once (its default is 50), each in a Node process
    // of its own: fifty processes starting together on two cores spend a minute of CPU before the first
    // answer (300 families at once: 278 of them unanswered after 60 s). Beyond this many, requests wait
    // in the emulator's queue in order, as they would for a free instance in production (where one
    // instance serves 80 requests at once and more start as needed).
    FUNCTIONS_EMULATOR_PARALLEL: base.FUNCTIONS_EMULATOR_PARALLEL ?? String(EMULATOR_PARALLEL),
  };
}

/** The image's jar runs through the launcher (firebase-tools honours FIRESTORE_EMULATOR_BINARY_PATH); firebase-tools' own needs nothing. */
export function firestoreEmulatorEnv(choice, launcher) {
  return choice.source === 'image' ? { FIRESTORE_EMULATOR_BINARY_PATH: launcher() } : {};
}

/** Requests the functions emulator runs at once on this machine: two per core. */
export const EMULATOR_PARALLEL = Math.max(4, Math.min(16, cpus().length * 2));

/** Environment for code (seed, tests) that talks to already-running emulators with the Admin SDK. */
export function clientEnv(base = process.env) {
  return {
    ...base,
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
    METADATA_SERVER_DETECTION: 'none',
  };
}

/** The emulators' own ports in firebase.json (their hub, their logs, the event and task emulators the functions emulator starts), shifted on a second stack as the others. */
export const OWN_PORTS = ['hub', 'logging', 'eventarc', 'tasks'];

/** Firestore's websocket (for the Emulator UI), firebase-tools' default, named so a second stack can shift it. */
const FIRESTORE_WEBSOCKET_PORT = 9150;

/** Where emulator builds of the app go: never `dist/`, the folder a deploy uploads. */
export const EMULATOR_DIST = 'dist-emulators';

/**
 * The arguments every emulator command starts with: the demo project, and a generated copy of
 * firebase.json whose Hosting serves the emulator build (so an emulator build is never deployed), with
 * the ports of contract/emulators.json.
 */
export function emulatorArgs() {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
  config.hosting.public = EMULATOR_DIST;
  delete config.hosting.predeploy;
  for (const [name, port] of Object.entries(PORTS)) config.emulators[name] = { ...config.emulators[name], port };
  // A second stack shifts the emulators' own ports too (their hub, their logs, the event and task
  // emulators the functions emulator starts, Firestore's websocket).
  for (const name of OWN_PORTS) config.emulators[name].port += PORT_OFFSET;
  config.emulators.firestore.websocketPort = FIRESTORE_WEBSOCKET_PORT + PORT_OFFSET;
  // The app signs in against the Auth emulator, on the host that served the page.
  const csp = cspHeader(config);
  csp.value = withConnect(csp.value, ['127.0.0.1', 'localhost'].map((host) => `http://${host}:${PORTS.auth}`));
  const path = join(ROOT, PORT_OFFSET ? `firebase.emulators.${PORT_OFFSET}.json` : 'firebase.emulators.json');
  writeIfChanged(path, `${JSON.stringify(config, null, 2)}\n`);
  return ['--config', path, '--project', PROJECT_ID];
}
