import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyImageCodec } from '@/lib/files/image-resize';
import { expectNoAxeViolations } from '../../../tests/unit/axe';
import { FilePicker, type FilePickerProps } from './file-picker';

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

const head = (text: string | number[]) => (typeof text === 'string' ? new TextEncoder().encode(text) : new Uint8Array(text));
const file = (bytes: Uint8Array, size: number, name: string, type: string) => {
  const body = new Uint8Array(size);
  body.set(bytes);
  return new File([body], name, { type });
};
const JPEG = head([0xff, 0xd8, 0xff, 0xe0]);
const PDF = head('%PDF-1.4\n');

const codec: AnyImageCodec = {
  decode: async () => ({ width: 4032, height: 3024 }),
  encode: async (_i, size, type) => new Blob([new Uint8Array(Math.round(size.width * size.height * 0.1))], { type }),
};

function Harness(props: Partial<FilePickerProps>) {
  const [value, setValue] = useState<File | null>(null);
  return (
    <>
      <FilePicker label="Comprobante de pago" accept="images+pdf" value={value} onChange={setValue} codec={codec} {...props} />
      <span data-testid="sent">{value ? `${value.name} ${value.type} ${value.size}` : 'nada'}</span>
    </>
  );
}

describe('FilePicker', () => {
  it('reduce la foto elegida, la muestra y deja cambiarla o quitarla con el teclado', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Comprobante de pago');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
    expect(screen.getByRole('button', { name: 'Elegir archivo' })).toHaveAccessibleDescription(/PDF de hasta 5 MB/);

    await user.upload(input, file(JPEG, 4_000_000, 'IMG_2041.JPG', 'image/jpeg'));
    expect(await screen.findByRole('img', { name: 'Vista previa de IMG_2041.webp' })).toBeInTheDocument();
    // 1600×1200 at 0.1 byte per pixel: 192 000 bytes, WebP.
    expect(screen.getByTestId('sent')).toHaveTextContent('IMG_2041.webp image/webp 192000');
    expect(screen.getByText('Imagen · 188 KB')).toBeInTheDocument();
    await expectNoAxeViolations();

    const remove = screen.getByRole('button', { name: 'Quitar IMG_2041.webp' });
    remove.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('sent')).toHaveTextContent('nada');
    expect(screen.getByRole('button', { name: 'Elegir archivo' })).toBeInTheDocument();
  });

  it('«Elegir archivo» y «Cambiar» abren el selector del sistema', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Comprobante de pago') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Elegir archivo' }));
    expect(click).toHaveBeenCalledTimes(1);
    await user.upload(input, file(PDF, 2_000_000, 'transferencia.pdf', 'application/pdf'));
    await user.click(await screen.findByRole('button', { name: 'Cambiar transferencia.pdf' }));
    expect(click).toHaveBeenCalledTimes(2);
    expect(screen.getByText('transferencia.pdf')).toBeInTheDocument();
    expect(screen.getByText('PDF · 1,9 MB')).toBeInTheDocument();
  });

  it('rechaza en español lo que no es imagen ni PDF (por sus bytes) y el PDF de más de 5 MB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    const input = screen.getByLabelText('Comprobante de pago');
    await user.upload(input, file(head('MZ\x90\0'), 1000, 'foto.jpg', 'image/jpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese archivo no es una imagen (JPG, PNG o WebP) ni un PDF.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('sent')).toHaveTextContent('nada');

    await user.upload(input, file(PDF, 6 * 1024 * 1024, 'grande.pdf', 'application/pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('El PDF pesa 6 MB; el máximo es 5 MB.');
  });

  it('solo imágenes: rechaza un PDF; con cámara ofrece tomar la foto', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness accept="images" capture="environment" label="Foto del producto" />);
    const input = screen.getByLabelText('Foto del producto');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(screen.getByRole('button', { name: 'Tomar foto o elegir archivo' })).toBeInTheDocument();
    await user.upload(input, file(PDF, 1000, 'a.pdf', 'application/pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese archivo no es una imagen JPG, PNG o WebP.');
  });

  it('acepta un archivo soltado sobre la caja', async () => {
    render(<Harness />);
    const box = screen.getByRole('button', { name: 'Elegir archivo' }).closest('div.rounded-lg')!;
    fireEvent.drop(box, { dataTransfer: { files: [file(PDF, 1000, 'soltado.pdf', 'application/pdf')] } });
    expect(await screen.findByText('soltado.pdf')).toBeInTheDocument();
  });
});
