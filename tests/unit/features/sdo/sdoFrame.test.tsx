// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SdoFrame } from '../../../../src/features/sdo/SdoFrame.tsx';

describe('an SDO channel picture', () => {
  it('loads the picture from the given URL on our own origin', () => {
    render(<SdoFrame url="http://localhost:8787/functions/v1/sdo-image/0171" label="AIA 171 Å" />);
    expect(screen.getByRole('img', { name: 'The Sun in AIA 171 Å' }).getAttribute('src')).toBe(
      'http://localhost:8787/functions/v1/sdo-image/0171',
    );
  });

  it('shows "No image saved yet" instead of a broken image when the picture cannot be loaded, and tries a new URL again', () => {
    const { rerender } = render(
      <SdoFrame url="http://localhost:8787/functions/v1/sdo-image/HMIB" label="HMI magnetogram" />,
    );
    fireEvent.error(screen.getByRole('img', { name: 'The Sun in HMI magnetogram' }));
    expect(screen.queryByRole('img', { name: 'The Sun in HMI magnetogram' })).toBeNull();
    expect(
      screen.getByRole('img', { name: 'No HMI magnetogram image saved yet' }).textContent,
    ).toBe('No image saved yet');
    rerender(
      <SdoFrame
        url="http://localhost:8787/functions/v1/sdo-image/HMIB?v=2"
        label="HMI magnetogram"
      />,
    );
    expect(screen.getByRole('img', { name: 'The Sun in HMI magnetogram' })).toBeTruthy();
  });
});
