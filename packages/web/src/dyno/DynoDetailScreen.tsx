import { DetailScreen } from '../entities/DetailScreen.tsx';
import { DynoPage } from './DynoPage.tsx';

/** `/page/{name}/{id}` opens a record of a dynamic kind, `/page/{name}/new` makes one: the shared detail form. */
export default function DynoDetailScreen() {
  return <DynoPage>{(entity) => <DetailScreen key={entity.name} entity={entity} />}</DynoPage>;
}
