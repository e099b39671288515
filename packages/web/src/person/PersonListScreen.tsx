import { Flex } from 'antd';
import { useNavigate } from 'react-router';
import type { ScreenProps } from '../app/web-module.ts';
import { ListScreen } from '../entities/ListScreen.tsx';
import { detailPath } from '../entities/entity-fields.ts';
import { QuickAddButton } from './QuickAddButton.tsx';

/** The persons and prospects lists: the generic list with the quick-add button above it. */
export default function PersonListScreen({ entity }: ScreenProps) {
  const navigate = useNavigate();
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <QuickAddButton
          entity={entity}
          onAdded={(person) => navigate(detailPath(entity, String(person.registration)))}
        />
      </Flex>
      <ListScreen entity={entity} />
    </>
  );
}
