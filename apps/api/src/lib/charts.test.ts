import { describe, expect, it } from 'vitest';
import { renderChartPng } from './charts.js';

describe('renderChartPng', () => {
  it('draws an ECharts option into a PNG, text included', { timeout: 30_000 }, async () => {
    const option = { xAxis: { type: 'category', data: ['Mon', 'Tue'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [3, 5] }] };
    const png = await renderChartPng(option, { width: 300, height: 150 });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height at twice the CSS size.
    expect(png.readUInt32BE(16)).toBe(600);
    expect(png.readUInt32BE(20)).toBe(300);
    // Labels are drawn with the bundled font: without text the image compresses smaller.
    const withoutText = await renderChartPng({ ...option, xAxis: { type: 'category', data: ['', ''], axisLabel: { show: false } }, yAxis: { type: 'value', axisLabel: { show: false } } }, { width: 300, height: 150 });
    expect(png.length).toBeGreaterThan(withoutText.length);
  });
});
