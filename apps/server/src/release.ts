// The release this server is: apps/server/package.json's version, inlined into the bundle when it
// is built, so a running server names the release it was built from. VERI*FACTU records carry it
// as the system's version (SistemaInformatico/Version): the AEAT asks for the version of the
// software that generated each record, which changes with every release, not with a constant.
import serverPackage from '../package.json' with { type: 'json' };

export const RELEASE_VERSION: string = serverPackage.version;
