# `make chromium`: installs Debian's chromium, which tests/web/test_console_browser.py drives headless (through its
# DevTools protocol) over the web console; a no-op when chromium is on PATH already.

.PHONY: chromium

chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	    echo "apt-get install -y chromium"; \
	    apt-get install -y -q chromium >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q chromium; }; }

TEST_DEPS += chromium
