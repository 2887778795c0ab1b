# SPDX-License-Identifier: GPL-2.0
"""The one parser of vfio_dma_mapping_perf_test's console lines, for bench-report and
bench-wall-report:

  perf: mode=M backing=B size_mib=N op=map|unmap reps=N median_ns=N min_ns=N gib_per_s=N ns=N,N,...
  layout: mode=M backing=B size_mib=N runs=N blocks_2m=N

ns= lists every repetition's time in the order they ran; a console from before it was added
gives its median as the one sample.
"""


def _fields(line, tag):
    """The key=value fields of a line that carries the tag, or None."""
    at = line.find(tag)
    if at < 0:
        return None
    return dict(kv.split('=', 1) for kv in line[at + len(tag):].split() if '=' in kv)


def perf_rows(console):
    """Each perf: line of a console: mode, backing, op, size_mib, median_ns and ns (a list)."""
    rows = []
    with open(console, errors='replace') as f:
        for line in f:
            v = _fields(line, 'perf: ')
            if v is None:
                continue
            ns = [int(x) for x in v['ns'].split(',')] if 'ns' in v else [int(v['median_ns'])]
            rows.append({'mode': v['mode'], 'backing': v['backing'], 'op': v['op'],
                         'size_mib': int(v['size_mib']), 'median_ns': int(v['median_ns']),
                         'ns': ns})
    return rows


def layout_rows(console):
    """Each layout: line of a console: mode, backing, runs and blocks_2m."""
    rows = []
    with open(console, errors='replace') as f:
        for line in f:
            v = _fields(line, 'layout: ')
            if v is not None:
                rows.append({'mode': v['mode'], 'backing': v['backing'], 'runs': int(v['runs']),
                             'blocks_2m': int(v['blocks_2m'])})
    return rows
