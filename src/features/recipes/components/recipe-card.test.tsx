import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecipeRow } from '@/api/recipes/recipes-api';
import { createQueryClient } from '@/lib/data/query-client';
import { RecipeCard } from './recipe-card';

vi.mock('@/lib/data/supabase', () => ({ supabase: {} }));

const recipe: RecipeRow = {
  id: 'r1',
  title: 'Batido verde',
  description: null,
  instructions: '',
  benefits: ['energía'],
  image_path: null,
  created_at: '2026-11-23T10:00:00Z',
  updated_at: '2026-11-23T10:00:00Z',
  products: [
    { product_id: 'a', sku: 'A', name: 'Moringa', amount: '1 cápsula', stock: 0, status: 'agotado' },
    { product_id: 'b', sku: 'B', name: 'Chía', amount: '1 cucharada', stock: 9, status: 'retirado' },
    { product_id: 'c', sku: 'C', name: 'Té verde', amount: '1 sobre', stock: 50, status: 'disponible' },
  ],
  unavailable: 2,
  on_public_pages: false,
};

describe('la tarjeta de una receta', () => {
  it('marca cada ingrediente como la base de datos lo marcó y dice si no sale en las páginas públicas', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ul>
          <RecipeCard recipe={recipe} onEdit={() => undefined} onPrint={() => undefined} />
        </ul>
      </QueryClientProvider>,
    );
    const line = (name: string) => screen.getByText(new RegExp(`^${name}:`)).closest('li')!;
    expect(within(line('Moringa')).getByText('Agotado')).toBeVisible();
    expect(within(line('Chía')).getByText('Retirado')).toBeVisible();
    expect(within(line('Té verde')).queryByText(/Agotado|Retirado/)).toBeNull();
    expect(screen.getByText('2 productos no disponibles')).toBeVisible();
    expect(screen.getByText(/No aparece en las páginas públicas/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Imprimir Batido verde' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Borrar Batido verde' })).toBeVisible();
  });
});
