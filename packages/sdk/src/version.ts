// The package's version, sent in the User-Agent; a unit test holds it equal to package.json's.
export const VERSION = '0.2.0';
