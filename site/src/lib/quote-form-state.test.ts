import { serviceToChoose } from './quote-form-state';

describe(serviceToChoose.name, () => {
  it("chooses the service a 'Learn More' names", () => {
    expect(serviceToChoose({ service: 'blockchain' })).toBe('blockchain');
  });

  it.each([null, undefined, {}, { service: 'quantum' }, { service: 42 }, 'web'])('chooses nothing from %p', (state) => {
    expect(serviceToChoose(state)).toBeUndefined();
  });
});
