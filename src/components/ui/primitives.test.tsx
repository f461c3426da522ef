// Smoke tests of the thin Radix wrappers: labelled, keyboard usable, no axe violation.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/unit/axe';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('primitivas', () => {
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
});
