// Loaded into the firebase-tools process (`node --import`, scripts/emulators/env.mjs): the Auth
// emulator compiles the request and response schemas of every one of its operations as it starts
// (exegesis, through ajv), about 7 CPU-seconds and as many seconds before the emulators are ready,
// although a run uses a handful of them. exegesis can compile each operation's schemas when it is
// first asked instead (`lazyCompileValidationSchemas`): the same validation, only later; firebase-tools
// does not ask for it, so its call is given the option here.
import Module from 'node:module';

/** exegesis-express's `middleware`, asking exegesis to compile each schema when first used. */
const lazily = (middleware) => (doc, options, done) => middleware(doc, { ...options, lazyCompileValidationSchemas: true }, done);

const load = Module._load;
Module._load = function (request, ...rest) {
  const loaded = load.call(this, request, ...rest);
  if (request === 'exegesis-express') {
    loaded.middleware = lazily(loaded.middleware);
    // firebase-tools loads it once: nothing else to watch for.
    Module._load = load;
  }
  return loaded;
};
