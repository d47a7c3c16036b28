// Link-preview cards in tests: `?…&preview-card` is one card, `?…&preview-cards` a card for every key, as the
// preview-card loader's modules give them ({ url, alt }).
const card = (key) => ({ url: `test-preview-card-${key}`, alt: `test-preview-card-${key} alt` });
module.exports = {
  __esModule: true,
  default: new Proxy(card('card'), {
    get: (target, key) => (typeof key !== 'string' ? undefined : key in target ? target[key] : card(key)),
  }),
};
