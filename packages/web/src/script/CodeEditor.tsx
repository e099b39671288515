import CodeMirror from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { unifiedMergeView } from '@codemirror/merge';
import { useMemo } from 'react';
import { theme } from 'antd';

/**
 * A script's code in CodeMirror with JavaScript highlighting; with `original`, the changes from
 * it are shown inline (a version's diff). Loaded with the first editor shown: the rest of the
 * app never carries CodeMirror.
 */
export default function CodeEditor({
  value,
  onChange,
  original,
  readOnly,
  height = '60vh',
  label,
}: {
  value: string;
  onChange?: (value: string) => void;
  original?: string;
  readOnly?: boolean;
  height?: string;
  label: string;
}) {
  const { token } = theme.useToken();
  const dark = token.colorBgContainer !== '#ffffff';
  const extensions = useMemo(
    () => [
      javascript(),
      ...(original === undefined ? [] : [unifiedMergeView({ original, mergeControls: false, gutter: true })]),
    ],
    [original],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      height={height}
      theme={dark ? 'dark' : 'light'}
      readOnly={readOnly}
      editable={!readOnly}
      extensions={extensions}
      aria-label={label}
      data-testid={original === undefined ? 'script-code' : 'script-diff'}
      basicSetup={{ tabSize: 2 }}
      style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, fontSize: 13 }}
    />
  );
}
