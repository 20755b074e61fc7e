// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordField } from './text-field';

afterEach(cleanup);

/** A form with one password field, as the login form has it; `onSubmit` sees every submit. */
function LoginLike({ onSubmit, error }: { onSubmit: () => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <PasswordField label="Mot de passe" name="password" autoComplete="current-password" value={value} onChange={setValue} error={error} />
      <button type="submit">Se connecter</button>
    </form>
  );
}

const input = () => screen.getByLabelText('Mot de passe') as HTMLInputElement;
const toggle = () => screen.getByRole('button', { name: /le mot de passe$/ });

describe('the password field', () => {
  it('shows and hides what was typed, saying so by its name (no aria-pressed: a name that changes already says the state), without submitting the form', () => {
    const onSubmit = vi.fn();
    render(<LoginLike onSubmit={onSubmit} />);
    fireEvent.change(input(), { target: { value: 'mon-secret' } });
    expect(input().type).toBe('password');
    expect(toggle().textContent).toBe('Afficher le mot de passe');
    expect(toggle().hasAttribute('aria-pressed')).toBe(false);
    expect(toggle().getAttribute('type')).toBe('button');

    fireEvent.click(toggle());
    expect(input().type).toBe('text');
    expect(input().value).toBe('mon-secret');
    expect(screen.getByRole('button', { name: 'Masquer le mot de passe' })).toBeTruthy();

    fireEvent.click(toggle());
    expect(input().type).toBe('password');
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the focus in the input when the button is pressed with a mouse', () => {
    render(<LoginLike onSubmit={vi.fn()} />);
    // A cancelled mousedown is what keeps a browser from moving the focus (and the caret) to the button.
    expect(fireEvent.mouseDown(toggle())).toBe(false);
  });

  it('hides the password again when the form is submitted', () => {
    const onSubmit = vi.fn();
    render(<LoginLike onSubmit={onSubmit} />);
    fireEvent.click(toggle());
    expect(input().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(input().type).toBe('password');
    expect(toggle().textContent).toBe('Afficher le mot de passe');
  });

  it('keeps the label, the autocomplete and the error tied to the input, not to the button', () => {
    render(<LoginLike onSubmit={vi.fn()} error="Ce champ est requis" />);
    expect(input().getAttribute('autocomplete')).toBe('current-password');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input().getAttribute('aria-describedby')!)?.textContent).toBe('Ce champ est requis');
    expect(screen.getAllByLabelText(/mot de passe/i)).toEqual([input()]);
  });
});
