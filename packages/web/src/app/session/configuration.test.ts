import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api/api-failure.ts';
import { fallbackLandingPage, loadConfiguration } from './configuration.ts';

const user = { username: 'admin@demo', tenant: 'demo' };
const quiet = () => undefined;
const failing = (status: number) => async () => {
  throw new ApiFailure(status, {}, 'GET', '/x');
};

describe('user configuration', () => {
  it('uses the loaded configuration with defaults for missing parts', async () => {
    const config = await loadConfiguration(
      { configuration: async () => ({ user, landingPage: '/contracts' }), currentUser: failing(500) },
      undefined,
      quiet,
    );
    expect(config.landingPage).toBe('/contracts');
    expect(config.menus).toEqual([]);
    expect(config.minimal).toBe(false);
  });

  it('falls back to the current user and the minimal configuration', async () => {
    const config = await loadConfiguration(
      { configuration: failing(500), currentUser: async () => user },
      undefined,
      quiet,
    );
    expect(config).toMatchObject({
      user,
      menus: [],
      landingPage: fallbackLandingPage,
      minimal: true,
      options: { firebase: false },
    });
  });

  it('falls back to the signed-in user when both calls fail, and rethrows a 401', async () => {
    const config = await loadConfiguration({ configuration: failing(404), currentUser: failing(404) }, user, quiet);
    expect(config.user).toBe(user);
    await expect(
      loadConfiguration({ configuration: failing(401), currentUser: async () => user }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
