// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__auroraInstallOffer;
  vi.resetModules();
});

describe('an install offer made before the app booted', () => {
  it('is kept by the boot script and shown by the install button once the app runs', async () => {
    let prompted = 0;
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt: async () => {
        prompted += 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    (window as unknown as Record<string, unknown>).__auroraInstallOffer = offer;
    const store = await import('../../../src/pwa/installPromptStore.ts');
    expect(store.getInstallState()).toEqual({ canInstall: true, installed: false });
    await expect(store.promptInstall()).resolves.toBe('accepted');
    expect(prompted).toBe(1);
    expect(store.getInstallState().canInstall).toBe(false);
  });

  it('offers nothing when the browser made no offer', async () => {
    const store = await import('../../../src/pwa/installPromptStore.ts');
    expect(store.getInstallState().canInstall).toBe(false);
    await expect(store.promptInstall()).resolves.toBe('unavailable');
  });
});
