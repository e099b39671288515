import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The map of an address, loaded on first use. No tile server is reachable from the product's
 * machines, so the map is drawn here: a latitude/longitude grid with the point marked, and the
 * coordinates written out.
 */
export default function MapModal({
  coordinates,
  label,
  onClose,
}: {
  coordinates: [number, number];
  label: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [lng, lat] = coordinates;
  // Equirectangular projection on a 360 × 180 view box.
  const x = lng + 180;
  const y = 90 - lat;
  const grid = [];
  for (let gx = 0; gx <= 360; gx += 30)
    grid.push(<line key={`x${gx}`} x1={gx} y1={0} x2={gx} y2={180} stroke="#d9d9d9" strokeWidth={0.3} />);
  for (let gy = 0; gy <= 180; gy += 30)
    grid.push(<line key={`y${gy}`} x1={0} y1={gy} x2={360} y2={gy} stroke="#d9d9d9" strokeWidth={0.3} />);
  return (
    <Modal open title={t('Map')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <svg
        viewBox="0 0 360 180"
        width="100%"
        role="img"
        aria-label={`${lat}, ${lng}`}
        data-testid="address-map"
        style={{ background: '#eef5fb', borderRadius: 4 }}
      >
        {grid}
        <line x1={0} y1={90} x2={360} y2={90} stroke="#91caff" strokeWidth={0.6} />
        <line x1={180} y1={0} x2={180} y2={180} stroke="#91caff" strokeWidth={0.6} />
        <g transform={`translate(${x} ${y})`}>
          <circle r={6} fill="rgba(207,19,34,0.15)" />
          <path d="M0 0 L-2.4 -5 A2.8 2.8 0 1 1 2.4 -5 Z" fill="#cf1322" />
          <circle cy={-6.2} r={1} fill="#fff" />
        </g>
      </svg>
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 12 }}
        items={[
          { key: 'address', label: t('Address'), children: label },
          { key: 'lat', label: t('Latitude'), children: lat.toFixed(5) },
          { key: 'lng', label: t('Longitude'), children: lng.toFixed(5) },
        ]}
      />
    </Modal>
  );
}
