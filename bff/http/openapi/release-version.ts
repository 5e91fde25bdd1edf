// The release this BFF is: package.json's version, which is also /v1/openapi.json's info.version.
// The path's /v1 is the compatibility promise; the version tells releases apart.
import manifest from '../../../package.json' with { type: 'json' };

export const releaseVersion: string = manifest.version;
