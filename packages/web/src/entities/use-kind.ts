import { useEffect, useState } from 'react';
import type { Entity } from '@lbo/model/entity';
import { loadKind, loadedKind } from '@lbo/model/lazy-registry';

/**
 * A kind's declaration, loaded when a screen first needs it (docs/decisions.md "Declarations
 * loaded per kind"): undefined until its chunk has come, then the declaration.
 */
export function useKind(name: string | undefined): Entity | undefined {
  const [kind, setKind] = useState(() => (name ? loadedKind(name) : undefined));
  useEffect(() => {
    if (!name) return setKind(undefined);
    const ready = loadedKind(name);
    if (ready) return setKind(ready);
    let current = true;
    void loadKind(name).then((loaded) => {
      if (current) setKind(loaded);
    });
    return () => {
      current = false;
    };
  }, [name]);
  return kind?.name === name ? kind : undefined;
}
