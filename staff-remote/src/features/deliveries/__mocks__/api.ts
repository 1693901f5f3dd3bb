// What `jest.mock('../features/deliveries/api')` gives a screen's test: every API call a
// jest.fn() (new calls included, with no list to keep), the rest of the module as it is.
const actual = jest.requireActual<typeof import('../api')>('../api');

export const freshDeliveryOf = actual.freshDeliveryOf;
export const deliveriesApi = Object.fromEntries(Object.keys(actual.deliveriesApi).map((name) => [name, jest.fn()]));
