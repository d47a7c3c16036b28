// Link-preview cards in tests (`?…&preview-cards`): a card URL for every key, as the preview-card loader's
// module maps each entry's id to its card.
module.exports = {
  __esModule: true,
  default: new Proxy({}, { get: (_, id) => (typeof id === 'string' ? `test-preview-card-${id}` : undefined) }),
};
