// The shared form: the schema's errors and the server's `fields` errors show on the field they
// belong to, tied to it for screen readers; a server error no field of the form shows is said
// as the form's own error, never lost.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from '@boats/domain/schemas/zod';
import { ApiError } from '../api/http';
import { setupTestI18n } from '../test/test-i18n';
import { Form, FormError, FormField, useZodForm } from './form';

beforeAll(setupTestI18n);

const schema = z.object({ email: z.string().min(3, 'Too short'), kind: z.string() });

function ContactForm({
  submit,
  onError,
}: {
  submit: () => Promise<unknown>;
  onError?: (err: unknown, onFields: boolean) => void;
}) {
  // `kind` is set by the form itself: it has no control.
  const form = useZodForm(schema, { defaultValues: { email: '', kind: 'lead' } });
  return (
    <Form form={form} onSubmit={submit} onError={onError}>
      <FormField name="email" label="E-mail" />
      <FormError />
      <button type="submit">Send</button>
    </Form>
  );
}

const refusal = (fields: { path: string; message: string }[]) =>
  new ApiError(400, 'The request is invalid', '', fields);

function LazyContactForm({
  load,
  submit,
}: {
  load: () => Promise<typeof schema>;
  submit: () => Promise<unknown>;
}) {
  const form = useZodForm(load, { defaultValues: { email: '', kind: 'lead' } });
  return (
    <Form form={form} onSubmit={submit}>
      <FormField name="email" label="E-mail" />
      <button type="submit">Send</button>
    </Form>
  );
}

describe('Form and FormField', () => {
  it('takes the schema as an import made at the first check, and checks with it the same', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve(schema));
    render(<LazyContactForm load={load} submit={submit} />);
    await user.type(screen.getByLabelText('E-mail'), 'a');
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Too short')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('E-mail'), 'na@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the schema's error on the field and sends nothing", async () => {
    const user = userEvent.setup();
    const submit = vi.fn(() => Promise.resolve());
    render(<ContactForm submit={submit} />);
    await user.type(screen.getByLabelText('E-mail'), 'a');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const field = screen.getByLabelText('E-mail');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Too short');
    expect(submit).not.toHaveBeenCalled();
  });

  it("puts the server's error for a field on that field", async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    render(
      <ContactForm
        submit={() => Promise.reject(refusal([{ path: 'body.email', message: 'Already on the list' }]))}
        onError={onError}
      />,
    );
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Already on the list')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(onError).toHaveBeenCalledWith(expect.any(ApiError), true);
  });

  it('leaves a server error on a value without a control to the form, which says it', async () => {
    const user = userEvent.setup();
    const reject = () => Promise.reject(refusal([{ path: 'body.kind', message: 'Unknown kind' }]));
    const onError = vi.fn();
    const { unmount } = render(<ContactForm submit={reject} onError={onError} />);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.any(ApiError), false));
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBeNull();
    unmount();

    // Without an onError of its own, the form shows the answer's text above the button.
    render(<ContactForm submit={reject} />);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The request is invalid');
  });
});
