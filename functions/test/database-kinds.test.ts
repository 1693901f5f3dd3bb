import { databaseKinds } from './support/databases';

const SERVER = 'postgres://postgres@127.0.0.1:5432/blooms';

describe('which databases a test run covers', () => {
  it('PGlite always, and the PostgreSQL server too when one is given', () => {
    expect(databaseKinds({})).toEqual(['pglite']);
    expect(databaseKinds({ TEST_DATABASE_URL: SERVER })).toEqual(['pglite', 'postgres']);
  });

  it('TEST_DATABASE_KINDS narrows the run to the databases it names', () => {
    expect(databaseKinds({ TEST_DATABASE_URL: SERVER, TEST_DATABASE_KINDS: 'postgres' })).toEqual(['postgres']);
    expect(databaseKinds({ TEST_DATABASE_URL: SERVER, TEST_DATABASE_KINDS: 'pglite' })).toEqual(['pglite']);
  });

  it('refuses to run nothing: a server asked for without TEST_DATABASE_URL, or a name it does not know', () => {
    expect(() => databaseKinds({ TEST_DATABASE_KINDS: 'postgres' })).toThrow(/names no database this run has \(pglite\)/);
    expect(() => databaseKinds({ TEST_DATABASE_URL: SERVER, TEST_DATABASE_KINDS: 'mysql' })).toThrow(/names no database/);
  });
});
