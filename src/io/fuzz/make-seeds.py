#!/usr/bin/env python3
# Writes the cut-down seeds of src/io/fuzz/corpus/ from the bundled examples: one project per
# study, small enough to fit libFuzzer's -max_len whole (the examples are several MB, and
# their first 64 KiB end inside the first study). Tables keep their first three rows and their
# last; only the first <channels> of a model or simulation is kept. A model's keeps 16
# channels (the reader only checks that its series match their count); a simulation's keeps
# its length, which must be the topology's channel count, when that is at most 400, and is
# dropped otherwise.
#
#   python3 src/io/fuzz/make-seeds.py        (from the source root; overwrites example-*.flitlab)

import pathlib
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[3]
OUT = ROOT / 'src' / 'io' / 'fuzz' / 'corpus'


def cut_table(table):
    rows = table.findall('row')
    for row in rows[3:-1]:
        table.remove(row)


def cut_channels(parent, keep_count):
    for channels in parent.findall('channels')[1:]:
        parent.remove(channels)
    for channels in parent.findall('channels'):
        count = int(channels.get('count'))
        if keep_count and count > 400:
            parent.remove(channels)
            continue
        if not keep_count:
            count = min(count, 16)
            channels.set('count', str(count))
        for series in channels.findall('series')[2:]:
            channels.remove(series)
        for series in channels.findall('series'):
            values = series.text.split()[:count]
            lines = [' '.join(values[i:i + 8]) for i in range(0, len(values), 8)]
            series.text = '\n' + '\n'.join(lines) + '\n'


def cut_study(study):
    notes = study.find('notes')
    if notes is not None and notes.text and len(notes.text) > 400:
        notes.text = notes.text[:400]
    for table in study.iter():
        if table.tag in ('curve', 'points', 'reference'):
            cut_table(table)
    for model in study.findall('model'):
        cut_channels(model, keep_count=False)
    for simulation in study.findall('simulation'):
        cut_channels(simulation, keep_count=True)


def main():
    for example in sorted((ROOT / 'data' / 'examples').glob('*.flitlab')):
        root = ET.parse(example).getroot()
        for index, study in enumerate(root.findall('study'), start=1):
            project = ET.Element('flitlab-project', root.attrib)
            cut_study(study)
            project.append(study)
            ET.indent(project)
            path = OUT / f'example-{example.stem}-{index}.flitlab'
            path.write_bytes(ET.tostring(project, encoding='UTF-8', xml_declaration=True) + b'\n')
            print(path.relative_to(ROOT), path.stat().st_size, 'bytes')


if __name__ == '__main__':
    main()
