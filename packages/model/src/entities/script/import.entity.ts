import { defineEntity } from '../../entity.ts';

// `import` is a reserved word, hence the name of the constant.
export const importEntity = defineEntity({ name: 'Import', route: 'import/imports', prefix: 'IMP' });
