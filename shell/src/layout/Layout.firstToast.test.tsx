import { act, screen } from '@testing-library/react';
import { notify } from '@marketplace/shared';
import { renderLayout, toastContainer } from '../../test/renderLayout';

// A page where nobody has clicked or typed yet (Layout.test.tsx covers the first interaction).

describe('a toast before any click or key press', () => {
  it('still shows: the container mounts with it', async () => {
    renderLayout();
    expect(toastContainer()).toBeNull();
    act(() => notify({ text: 'Something went Wrong', kind: 'error' }));
    expect(await screen.findByText('Something went Wrong')).toBeInTheDocument();
    expect(toastContainer()).not.toBeNull();
  });
});
