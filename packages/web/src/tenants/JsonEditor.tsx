import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { theme } from 'antd';

/** A section's whole JSON in CodeMirror (loaded with the first section edited as JSON). */
export default function JsonEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
}) {
  const { token } = theme.useToken();
  const extensions = useMemo(() => [javascript({ typescript: false })], []);
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      minHeight="120px"
      maxHeight="50vh"
      theme={token.colorBgContainer !== '#ffffff' ? 'dark' : 'light'}
      aria-label={label}
      basicSetup={{ foldGutter: true, lineNumbers: true }}
    />
  );
}
