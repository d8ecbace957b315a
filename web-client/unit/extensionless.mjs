// A module resolve hook for the compiled sources in node_modules/.cache/unit:
// they import each other without an extension (`from './util'`), as Vite
// wants, which node's ES modules do not resolve. Tried as given first, then
// with `.js`. Registered with `register('./extensionless.mjs', import.meta.url)`.

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (e) {
    if (/^\.\.?\//.test(specifier) && !/\.[cm]?js$/.test(specifier)) return next(`${specifier}.js`, context);
    throw e;
  }
}
