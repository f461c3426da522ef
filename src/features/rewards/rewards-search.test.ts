import { describe, expect, it } from 'vitest';
import { readRewardsSearch, writeRewardsSearch } from './rewards-search';

describe('la URL de Mis Recompensas', () => {
  it('lee mes, tipo y página de retiros; lo que no vale vuelve al valor por defecto', () => {
    expect(readRewardsSearch(new URLSearchParams('mes=2026-10&tipo=commission_purchase&retiros=3'))).toEqual({
      mes: '2026-10',
      tipo: 'commission_purchase',
      retiros: 3,
    });
    expect(readRewardsSearch(new URLSearchParams('mes=2026-13&tipo=robo&retiros=-2'))).toEqual({ mes: undefined, tipo: undefined, retiros: 1 });
    expect(readRewardsSearch(new URLSearchParams('retiros=1.5'))).toEqual({ mes: undefined, tipo: undefined, retiros: 1 });
  });

  it('escribe solo lo que no es por defecto y conserva los demás parámetros', () => {
    const params = new URLSearchParams('mes=2026-10&otro=x');
    expect(writeRewardsSearch(params, { mes: undefined, tipo: 'bonus_volume', retiros: 1 }).toString()).toBe('otro=x&tipo=bonus_volume');
    expect(writeRewardsSearch(params, { mes: '2026-09', tipo: undefined, retiros: 2 }).toString()).toBe('mes=2026-09&otro=x&retiros=2');
  });
});
