const { Client } = require('pg');

module.exports = async () => {
  await globalThis.__AUTH_EMULATOR__?.stop();
  const template = process.env.BLOOMS_TEST_TEMPLATE;
  if (process.env.TEST_DATABASE_URL && template) {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  }
};
