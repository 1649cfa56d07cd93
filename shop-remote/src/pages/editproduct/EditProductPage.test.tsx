import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type Product } from '@marketplace/shared';
import { currentPath, customer, mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

const CAMERA: Product = {
  productid: 12,
  productname: 'Retro Camera',
  title: 'Electronics',
  description: 'A film camera in working order.',
  price: 1299,
  rating: 4.5,
  photo: 'http://localhost:4000/images/a.png',
  photos: ['http://localhost:4000/images/a.png', 'http://localhost:4000/images/b.png'],
  location: 'Pune',
  userid: 7,
};
/** The seller's own reply (GET /myproducts/12): with the exact units in stock. */
const OWN_CAMERA: Product = { ...CAMERA, stock: 3, left: 3 };

const field = {
  name: () => screen.getByLabelText(/^Product Name/),
  title: () => screen.getByLabelText(/^Title/),
  description: () => screen.getByLabelText(/^Description/),
  rating: () => screen.getByLabelText(/^Rating/),
  price: () => screen.getByLabelText(/^Price/),
  stock: () => screen.getByLabelText(/^Units in Stock/),
  location: () => screen.getByLabelText(/^Location/),
  photos: () => screen.getByLabelText('Add Photos (PNG)'),
};
const save = () => screen.getByRole('button', { name: 'Save Changes' });
const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

beforeEach(() => {
  signInAs();
  api.getProduct.mockResolvedValue(CAMERA);
  api.getMyProduct.mockResolvedValue(OWN_CAMERA);
  // The seller of CAMERA.
  api.getUserData.mockResolvedValue(customer({ userid: 7 }));
});
afterEach(() => jest.useRealTimers());

describe('/editproduct/{id}', () => {
  it("fills Add Product's form with the listing and its photos", async () => {
    await renderAt('/editproduct/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Edit Product');
    expect(field.name()).toHaveValue('Retro Camera');
    expect(field.title()).toHaveValue('Electronics');
    expect(field.description()).toHaveValue('A film camera in working order.');
    expect(field.rating()).toHaveValue(4.5);
    expect(field.price()).toHaveValue(1299);
    expect(field.stock()).toHaveValue(3);
    expect(field.location()).toHaveValue('Pune');
    for (const f of Object.values(field)) expect(f()).toBeEnabled();
    const current = screen.getByRole('list', { name: 'Current photos' });
    expect(
      within(current)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual(CAMERA.photos);
    expect(save()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/myaccount/myproducts');
    expect(api.getProduct).toHaveBeenCalledWith(12);
    expect(api.getMyProduct).toHaveBeenCalledWith(12);
  });

  it('saves new units in stock; a bad number is refused with its message', async () => {
    const user = userEvent.setup();
    api.updateProduct.mockResolvedValue({ ...OWN_CAMERA, stock: 40 });
    await renderAt('/editproduct/12');
    await screen.findByRole('heading', { level: 1, name: 'Edit Product' });
    for (const bad of ['-1', '2.5', '1000001']) {
      await user.clear(field.stock());
      await user.type(field.stock(), bad);
      expect(screen.getByText('Please Enter Units in Stock (a whole number from 0 to 1,000,000)')).toBeInTheDocument();
      expect(save()).toBeDisabled();
    }
    await user.clear(field.stock());
    await user.type(field.stock(), '40');
    await user.click(save());
    expect(api.updateProduct).toHaveBeenCalledWith(12, expect.objectContaining({ stock: 40 }));
  });

  it('saves a lower price with the kept photos, says so and goes back to My Products', async () => {
    const user = userEvent.setup();
    api.updateProduct.mockResolvedValue({ ...CAMERA, price: 999 });
    await renderAt('/editproduct/12');
    await screen.findByRole('heading', { level: 1, name: 'Edit Product' });
    await user.clear(field.price());
    await user.type(field.price(), '999');
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(save());
    expect(api.updateProduct).toHaveBeenCalledWith(12, {
      productname: 'Retro Camera',
      title: 'Electronics',
      description: 'A film camera in working order.',
      rating: 4.5,
      price: 999,
      location: 'Pune',
      photos: ['http://localhost:4000/images/a.png'],
      stock: 3,
    });
    expect(await toastKind('Product Updated Successfully')).toBe('success');
    await waitFor(() => expect(currentPath()).toBe('/myaccount/myproducts'));
  });

  it("keeps Add Product's rules and messages: a cleared name locks the fields after it", async () => {
    const user = userEvent.setup();
    await renderAt('/editproduct/12');
    await screen.findByRole('heading', { level: 1, name: 'Edit Product' });
    await user.clear(field.name());
    expect(screen.getByText('Please Enter Product Name')).toBeInTheDocument();
    expect(field.title()).toBeDisabled();
    expect(field.photos()).toBeDisabled();
    expect(save()).toBeDisabled();
    await user.type(field.name(), 'Retro Camera II');
    await user.clear(field.price());
    await user.type(field.price(), '0');
    expect(screen.getByText('Please Enter Price')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('needs at least one photo: with none kept, Save waits for a new upload, which is added after the kept ones', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.uploadPhoto.mockImplementation((file) =>
      Promise.resolve(`http://localhost:4000/images/${(file as File).name}`),
    );
    api.updateProduct.mockResolvedValue(CAMERA);
    await renderAt('/editproduct/12');
    await screen.findByRole('heading', { level: 1, name: 'Edit Product' });
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getByText('None kept: add at least one photo below.')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    expect(screen.getByText('Please upload at least one PNG photo')).toBeInTheDocument();

    await user.upload(field.photos(), [png('c.png'), png('d.png')]);
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('Uploaded 1 of 2')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    expect(screen.getByText('Save Changes opens once every chosen photo is uploaded.')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByText('Uploaded 2 of 2')).toBeInTheDocument();
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(api.updateProduct.mock.calls[0]![1].photos).toEqual([
      'http://localhost:4000/images/c.png',
      'http://localhost:4000/images/d.png',
    ]);
  });

  it("names its own button in each photo's upload toast, not Add Product's", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.uploadPhoto.mockResolvedValue('http://localhost:4000/images/c.png');
    await renderAt('/editproduct/12');
    await screen.findByRole('heading', { level: 1, name: 'Edit Product' });
    await user.upload(field.photos(), [png('c.png')]);
    expect(await toastKind('File Upload Successfully Kindly Please Click Again for Save Changes')).toBe('success');
    expect(screen.queryByText(/Click Again for Add Product/)).not.toBeInTheDocument();
  });

  it("refuses another seller's listing: no form, the reason and the ways on", async () => {
    api.getUserData.mockResolvedValue(customer({ userid: 8 }));
    await renderAt('/editproduct/12');
    expect(await screen.findByText('You can only change your own products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Products' })).toHaveAttribute('href', '/myaccount/myproducts');
    expect(screen.getByRole('link', { name: 'View product' })).toHaveAttribute('href', '/productdetails/12');
  });

  it("shows the server's 403 as a message and stays", async () => {
    const user = userEvent.setup();
    api.updateProduct.mockRejectedValue(new ApiError(403, 'You can only change your own products'));
    await renderAt('/editproduct/12');
    await screen.findByRole('heading', { level: 1, name: 'Edit Product' });
    await user.click(save());
    expect(await toastKind('You can only change your own products')).toBe('error');
    expect(currentPath()).toBe('/editproduct/12');
    expect(save()).toBeEnabled();
  });

  it('says when the product does not exist (taken down, or a wrong id)', async () => {
    api.getProduct.mockRejectedValue(new ApiError(404, 'Product not found'));
    await renderAt('/editproduct/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Products' })).toHaveAttribute('href', '/myaccount/myproducts');
  });

  it('a malformed id is not found without asking the server', async () => {
    await renderAt('/editproduct/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(api.getProduct).not.toHaveBeenCalled();
  });

  it('an expired session signs out and goes to /login, back to this page', async () => {
    api.getUserData.mockRejectedValue(new ApiError(401, 'Session expired, please login again'));
    await renderAt('/editproduct/12');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Feditproduct%2F12'));
    expect(await toastKind('Session expired, please login again')).toBe('error');
  });
});
