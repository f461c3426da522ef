// Smoke tests of the thin Radix wrappers: labelled, keyboard usable, no axe violation.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/unit/axe';
import { Button } from './button';
import { Field, FieldControl, FieldLabel } from './field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

describe('primitivas', () => {
  it('Select dentro de Field: etiquetado y elegible con el teclado', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <Field>
        <FieldLabel>Medio de pago</FieldLabel>
        <Select onValueChange={onValueChange}>
          <FieldControl>
            <SelectTrigger>
              <SelectValue placeholder="Elige uno" />
            </SelectTrigger>
          </FieldControl>
          <SelectContent>
            <SelectItem value="transferencia">Transferencia</SelectItem>
            <SelectItem value="efectivo">Efectivo</SelectItem>
          </SelectContent>
        </Select>
      </Field>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Medio de pago' });
    await expectNoAxeViolations();
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Efectivo' }));
    expect(onValueChange).toHaveBeenCalledWith('efectivo');
  });

  it('Tabs: flechas para cambiar de pestaña', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="pendientes">
        <TabsList aria-label="Estado">
          <TabsTrigger value="pendientes">Pendientes</TabsTrigger>
          <TabsTrigger value="pagados">Pagados</TabsTrigger>
        </TabsList>
        <TabsContent value="pendientes">Lista de pendientes</TabsContent>
        <TabsContent value="pagados">Lista de pagados</TabsContent>
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'Pendientes' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pagados' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lista de pagados');
    await expectNoAxeViolations();
  });

  it('Tooltip: se abre al enfocar, sin proveedor alrededor', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip>
        <TooltipTrigger asChild>
          <Button>Puntos</Button>
        </TooltipTrigger>
        <TooltipContent>100 puntos personales al mes te mantienen activo.</TooltipContent>
      </Tooltip>,
    );
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('100 puntos personales al mes te mantienen activo.');
  });
});
