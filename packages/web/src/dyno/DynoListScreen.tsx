import { ListScreen } from '../entities/ListScreen.tsx';
import { DynoPage } from './DynoPage.tsx';

/** `/page/{name}`: the shared list of a dynamic kind, its columns and filters from its descriptor. */
export default function DynoListScreen() {
  return (
    <DynoPage>
      {(entity) => <ListScreen key={entity.name} entity={entity} addLink={`/${entity.clientRoute}/new`} />}
    </DynoPage>
  );
}
