// An .inline.svg is a data: URL in the real build (scripts/webpack/app-config.cjs).
module.exports = 'data:image/svg+xml,test-inline-svg-stub';
