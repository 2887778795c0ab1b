# SPDX-License-Identifier: GPL-2.0
# Thin targets over harness/; see README.md. Generated files go to out/ (OUT=).
.PHONY: bench-wall profile-wall check check-debug check-mutants bench bench-gup count-iotlb tree export send-prep build clean help

check:
	harness/check

check-debug:
	harness/check-debug

check-mutants:
	harness/check-mutants

bench:
	harness/bench

bench-gup:
	harness/bench-gup

bench-wall:
	harness/bench-wall

profile-wall:
	harness/profile-wall $(VARIANT)

count-iotlb:
	harness/count-iotlb

tree:
	harness/install-deps
	harness/make-tree

export:
	harness/export-series

send-prep:
	harness/send-prep

build: tree
	harness/build-kernel base
	harness/build-kernel patched

clean:
	harness/clean

help:
	@harness/help
