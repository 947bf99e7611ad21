-- Sends a table's requests and sockets to the edge that folds the table (docs/spine.md "The edges").
-- Every second each edge is asked for its share (GET /api/edge: "partitions N", "owned p p ..."); a request for
-- /api/tables/{id}/... goes to the owner of the table's partition, computed as Kafka's producer computes it for the
-- table id as the key (murmur2). Unknown (an edge just died, a rebalance) is "": HAProxy's round robin picks a live
-- edge, which serves the table all the same (it folds a table asked for there).

local owners = {}
local partitions = 0

local M = 0x5bd1e995

local function mul32(a, b)
    return (a * b) & 0xffffffff
end

-- org.apache.kafka.common.utils.Utils.murmur2 on the bytes of s, as an unsigned 32-bit value
local function murmur2(s)
    local length = #s
    local h = (0x9747b28c ~ length) & 0xffffffff
    local i = 1
    while length - i >= 3 do
        local b1, b2, b3, b4 = s:byte(i, i + 3)
        local k = b1 | (b2 << 8) | (b3 << 16) | (b4 << 24)
        k = mul32(k, M)
        k = k ~ (k >> 24)
        k = mul32(k, M)
        h = mul32(h, M) ~ k
        i = i + 4
    end
    local rest = length - i + 1
    if rest == 3 then h = h ~ (s:byte(i + 2) << 16) end
    if rest >= 2 then h = h ~ (s:byte(i + 1) << 8) end
    if rest >= 1 then h = mul32(h ~ s:byte(i), M) end
    h = h ~ (h >> 13)
    h = mul32(h, M)
    h = h ~ (h >> 15)
    return h
end

local function partition_of(id, count)
    return (murmur2(id) & 0x7fffffff) % count
end

core.register_task(function()
    while true do
        local next_owners = {}
        local count = 0
        for name, server in pairs(core.backends["edges"].servers) do
            local ok, res = pcall(function()
                return core.httpclient():get{url = "http://" .. server:get_addr() .. "/api/edge", timeout = 1000}
            end)
            if ok and res and res.status == 200 and res.body then
                for key, rest in res.body:gmatch("(%a+) ?([^\n]*)") do
                    if key == "partitions" then
                        count = math.max(count, tonumber(rest) or 0)
                    elseif key == "owned" then
                        for p in rest:gmatch("%d+") do
                            next_owners[tonumber(p)] = name
                        end
                    end
                end
            end
        end
        owners = next_owners
        partitions = count
        core.msleep(1000)
    end
end)

-- the server name of the edge that folds the table of this request's path, or ""
core.register_fetches("durak_edge", function(txn)
    local id = txn.sf:path():match("^/api/tables/([^/]+)")
    if id == nil or id == "solo" or partitions == 0 then
        return ""
    end
    return owners[partition_of(id, partitions)] or ""
end)
